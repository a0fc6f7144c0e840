/**
 * The kind registry: every kind a page reference may carry, with its one-line meaning.
 *
 * A parser that returns a kind missing here fails its tests, and the typer treats such a
 * result as no result. Add a kind here (alphabetical order) before using it in a parser.
 *
 * @module
 */

/** A registered kind: its name and what a page of that kind is. */
export interface KindInfo {
  /** The kind as parsers return it (`snake_case`). */
  name: string;
  /** One line saying what a page of this kind is, shown by `frames parsers`. */
  meaning: string;
}

/** Every registered kind, sorted by name. */
export const KINDS: readonly KindInfo[] = [
  { name: "ai_chat", meaning: "a conversation with an AI assistant" },
  { name: "album", meaning: "a music album" },
  { name: "article", meaning: "an article, blog post or encyclopedia entry" },
  { name: "artist", meaning: "a music artist" },
  { name: "board", meaning: "a task board, list or sprint view of a project tool" },
  { name: "calendar", meaning: "a calendar view or calendar event" },
  { name: "cart", meaning: "a shopping cart or checkout" },
  { name: "channel", meaning: "a channel on a video or streaming platform" },
  { name: "ci_run", meaning: "a CI/CD workflow run, pipeline or job" },
  { name: "cloud_resource", meaning: "a service or resource in a cloud console" },
  { name: "commit", meaning: "a commit or a comparison of commits" },
  { name: "community", meaning: "a community or forum (subreddit, chat server, group)" },
  { name: "company", meaning: "a company or organisation page or record" },
  { name: "competition", meaning: "a data-science competition" },
  { name: "contact", meaning: "a person or customer record in a CRM, support or billing tool" },
  { name: "dashboard", meaning: "an app's home, dashboard, inbox, settings or admin area" },
  { name: "dataset", meaning: "a dataset" },
  { name: "deal", meaning: "a sales deal or opportunity in a CRM" },
  { name: "deployment", meaning: "one deployment of a site or app" },
  { name: "design", meaning: "a design file, whiteboard or prototype" },
  { name: "doc", meaning: "a document in a document editor or wiki" },
  { name: "docs", meaning: "a page of technical documentation or help" },
  { name: "email", meaning: "a mailbox, mail folder or email thread" },
  { name: "episode", meaning: "a podcast episode" },
  { name: "event", meaning: "an event page or invitation" },
  { name: "feed", meaning: "a home feed, timeline or front page of a social or news site" },
  { name: "file", meaning: "a file in file storage or a shared file" },
  { name: "folder", meaning: "a folder in file storage" },
  { name: "form", meaning: "a form or survey" },
  { name: "hotel", meaning: "an accommodation listing" },
  { name: "issue", meaning: "an issue, bug or error group in a tracker" },
  { name: "job", meaning: "a job posting" },
  { name: "local_dev", meaning: "a page served by a local development server (entity: path)" },
  { name: "logs", meaning: "a log, trace or metrics explorer" },
  { name: "map", meaning: "a map view" },
  { name: "meeting", meaning: "a video meeting or call" },
  { name: "merge_request", meaning: "a merge request (GitLab)" },
  { name: "messaging", meaning: "a chat workspace, channel or direct conversation" },
  { name: "model", meaning: "a machine-learning model" },
  { name: "monitor", meaning: "a monitor or alert rule" },
  { name: "notebook", meaning: "a computational notebook" },
  { name: "order", meaning: "an order, purchase or reservation" },
  { name: "package", meaning: "a package in a package registry" },
  { name: "page", meaning: "a web page with no more specific kind (entity: first path segment)" },
  { name: "paper", meaning: "a research paper" },
  { name: "payment", meaning: "a payment, invoice or subscription in a billing tool" },
  { name: "people_search", meaning: "a search for people (entity: the query)" },
  { name: "place", meaning: "a place on a map" },
  { name: "playlist", meaning: "a music or video playlist" },
  { name: "post", meaning: "a post on a social network or forum" },
  { name: "product", meaning: "a product listing in a shop or on a launch site" },
  { name: "profile", meaning: "a person's profile on a social, professional or community site" },
  { name: "project", meaning: "a project in a project-management, hosting or cloud tool" },
  { name: "publication", meaning: "the home of a newsletter, blog or publication" },
  { name: "pull_request", meaning: "a pull request" },
  { name: "question", meaning: "a question on a Q&A site" },
  { name: "record", meaning: "a CRM record that is not a contact, company or deal" },
  { name: "release", meaning: "a software release or tag" },
  { name: "repo", meaning: "a code repository" },
  { name: "route", meaning: "directions between places on a map" },
  { name: "scheduling", meaning: "a booking page for scheduling a meeting" },
  { name: "search", meaning: "a search results page (entity: the query)" },
  { name: "sheet", meaning: "a spreadsheet" },
  { name: "show", meaning: "a film, series or podcast show" },
  { name: "sign_in", meaning: "a sign-in, sign-up or account-authentication page" },
  { name: "slides", meaning: "a presentation" },
  { name: "snippet", meaning: "a code snippet or gist" },
  { name: "source_file", meaning: "a file or folder inside a code repository" },
  { name: "space", meaning: "a named space: a wiki space, a site or a hosted ML demo" },
  { name: "table", meaning: "a database, table or view of a no-code database" },
  { name: "task", meaning: "a task, card or to-do item" },
  { name: "ticket", meaning: "a customer-support ticket or conversation" },
  { name: "topic", meaning: "a tag, topic or category listing" },
  { name: "track", meaning: "a music track" },
  { name: "user", meaning: "an account page on a code host (a user or an organisation)" },
  { name: "video", meaning: "a video, clip or recording" },
];

const NAMES: ReadonlySet<string> = new Set(KINDS.map((k) => k.name));

/** Whether `name` is a registered kind. */
export function isKind(name: unknown): name is string {
  return typeof name === "string" && NAMES.has(name);
}
