// What other features use of the users area: a user's details and the user search.
export { userQueryOptions, usersQueryOptions } from './api';
