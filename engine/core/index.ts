export * from './contract.js';
export * from './errors.js';
export * from './rng.js';
export * from './deck.js';
export * from './registry.js';
export * from './graph.js';
export * from './playout.js';
