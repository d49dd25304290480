export { cosSin, atan2, atan2Into, cosSinInto, length, PI } from './trig.js';
