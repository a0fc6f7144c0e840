/** A mistake in how the program was called (bad flag, bad value): exit code 2. */
export class UsageError extends Error {
  /** Creates a usage error; the message says what is wrong and how to fix it. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
