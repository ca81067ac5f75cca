// The auth module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { findUserByEmail, findUserById, insertUser, revokeSessions, toUserInfo, type UserRow } from './repo';
export { type AuthService, type SessionEnds } from './service';
export { authModule } from './plugin';
