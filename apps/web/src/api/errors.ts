// The one error class of @tradeapp/client, from its own entry point so code that only inspects
// errors does not load the route table.
export { ApiError, isAbortError } from '@tradeapp/client/errors';
