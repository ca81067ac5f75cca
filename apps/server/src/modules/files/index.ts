// The files module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { fileHandlers, registerFileDownload } from './routes';
export { assertOwnUpload, claimRegistrationUploads, createFileService, uploadIdOf } from './service';
