export * from './ismcts.js';
export * from './levels.js';
