// Public entry of the poll versions: the plugin (`app.pollVersions`) and its types.
export { pollVersionsPlugin } from './poll-versions.plugin.ts';
export { createPollVersions, type PollKind, type PollVersions } from './poll-versions.ts';
