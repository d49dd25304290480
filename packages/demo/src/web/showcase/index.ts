import { bridge } from './bridge.js';
import { car } from './car.js';
import { cradle } from './cradle.js';
import { dominoes } from './dominoes.js';
import { friction } from './friction.js';
import { platformer } from './platformer.js';
import { pyramid } from './pyramid.js';
import { ragdolls } from './ragdolls.js';
import { restitution } from './restitution.js';

export type { TestbedScene } from './showcase.js';

/** Showcase scenes, in picker order. */
export const showcaseScenes = [pyramid, dominoes, restitution, friction, cradle, bridge, car, ragdolls, platformer];
