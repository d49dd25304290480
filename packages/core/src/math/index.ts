export { cosSin, atan2, length, PI } from './trig.js';
