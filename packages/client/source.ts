/**
 * The client from this repository's sources, for running the examples from a checkout without building
 * (`node --conditions=launchdesk-source --import tsx examples/…`): the package's `launchdesk-source` export.
 * Not in the published package, whose entry is the built dist/index.js.
 */
export * from '../../core/client/index.js';
