export { ApiError, isAbortError } from './errors';
export {
  createApiClient,
  defaultText,
  newIdempotencyKey,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type Failure,
  type RawRequest,
  type RequestOptions,
  type UploadOptions,
  type UploadRoute,
} from './http';
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
