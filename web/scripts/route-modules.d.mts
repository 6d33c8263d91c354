// Types of route-modules.mjs for vite.config.ts.
export declare const ROUTE_CHUNKS_ID: string;
export declare const ROUTE_MODULES: Record<'shell' | 'dashboard' | 'course', string>;
