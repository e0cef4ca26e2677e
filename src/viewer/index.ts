/**
 * @module viewer
 * The local web viewer: `startViewer` serves the prebuilt page, the JSON API and the live stream.
 * Named exports only; everything else under src/viewer is internal.
 */
export { startViewer, DEFAULT_PORT, type ViewerHandle, type ViewerOptions } from './server.ts';
export { API_VERSION } from './api-types.ts';
export { isLoopbackHost } from './guard.ts';
export type * from './api-types.ts';
