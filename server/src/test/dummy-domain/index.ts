/** The dummy domain's public face, as a real domain's index.ts is: what the app's list (here, the test) imports. */
export { dummyNotesManifest } from './dummy.manifest';
