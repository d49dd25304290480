export { cosSin, atan2, PI } from './trig.js';
