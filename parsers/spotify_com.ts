/**
 * Spotify web player (open.spotify.com): tracks, albums, artists, playlists, episodes.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
} from "../src/entities/parser_kit.ts";

const KINDS: Record<string, string> = {
  track: "track",
  album: "album",
  artist: "artist",
  playlist: "playlist",
  episode: "episode",
  show: "show",
  user: "profile",
};

function parse(url: URL): PageRef | null {
  const all = segments(url);
  // A locale prefix (`/intl-de/track/…`) does not change the page.
  const s = all[0]?.startsWith("intl-") ? all.slice(1) : all;
  const [first, second] = s;
  if (first === undefined) return null;
  if (Object.hasOwn(KINDS, first) && second) return ref(KINDS[first], decode(second));
  if (first === "search") return ref("search", second ? decode(second) : undefined);
  if (first === "collection") return ref("playlist", second ?? "library");
  return null;
}

export default {
  hosts: ["open.spotify.com"],
  parse,
  examples: [
    ["https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", {
      kind: "track",
      entity: "4uLU6hMCjMI75M1A2tKUQC",
    }],
    ["https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3", {
      kind: "album",
      entity: "1DFixLWuPkv3KT3TnV35m3",
    }],
    ["https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=abc", {
      kind: "playlist",
      entity: "37i9dQZF1DXcBWIGoYBM5M",
    }],
    ["https://open.spotify.com/search/lofi%20beats", { kind: "search", entity: "lofi beats" }],
    ["https://open.spotify.com/collection/tracks", { kind: "playlist", entity: "tracks" }],
    ["https://open.spotify.com/", null],
  ],
} satisfies SiteParser;
