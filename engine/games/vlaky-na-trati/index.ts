import { vlakyNaTrati } from './definition.js';
import { vntData } from './reference.js';

/** Vlaky na trati on the reconstructed cards and sheets (see README.md). */
export const vlakyNaTratiGame = vlakyNaTrati(vntData);
