// Run by tests/setup_test.ts as `deno test` on its own: one test needing the X11 packages
// whose body always fails, so the outcome shows whether the wrapper ran it.
import { x11Test } from "../../_requires.ts";

x11Test("needs an X server", {}, () => {
  throw new Error("the body ran");
});
