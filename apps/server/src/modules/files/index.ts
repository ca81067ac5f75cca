// The files module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { assertOwnUpload, claimRegistrationUploads, uploadIdOf } from './service';
export { filesModule } from './plugin';
