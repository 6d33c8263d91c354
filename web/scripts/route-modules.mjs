// The signed-in shell and the landing pages whose code the early module (src/app/preload.ts) starts at once.
// vite.config.ts builds each into a file of its own group and writes the files into index.html (a data block
// with this id); the size scripts (size-report.mjs, bench/src/web.mjs) read that block back, since these
// modules ride inside their group's file and have no chunk of their own in Vite's manifest.
export const ROUTE_CHUNKS_ID = 'lms-route-chunks';

export const ROUTE_MODULES = {
  shell: 'src/layout/AppLayout.tsx',
  dashboard: 'src/features/dashboard/DashboardPage.tsx',
  course: 'src/features/courses/CoursePage.tsx',
};
