export { ApiError, isAbortError } from './errors';
export {
  newIdempotencyKey,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type Failure,
  type RawRequest,
  type RequestOptions,
  type UploadOptions,
  type UploadRoute,
} from './core';
export { createApiClient, defaultText } from './http';
export {
  PushClient,
  createPushClient,
  exponentialBackoff,
  sameOriginPushUrl,
  type PushClientOptions,
  type PushEventListener,
  type PushStatus,
  type SocketLike,
} from './push';
