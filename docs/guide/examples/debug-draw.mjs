// Drawing a world for debugging with any renderer: debugDraw calls a drawer you write with plain numbers (world
// metres, y up, 0xRRGGBB colours). This one writes SVG; a canvas, PixiJS or three.js drawer has the same seven methods.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DebugDrawFlag,
  addShape,
  createBody,
  createPhysicsWorld,
  createRevoluteJoint,
  debugDraw,
  makeBox,
  makeCapsule,
  makeCircle,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(6, 0.5, { x: 0, y: -0.5 }));
const arm = createBody(world, { type: 'dynamic', position: { x: 1, y: 3 } });
addShape(world, arm, makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.2));
createRevoluteJoint(world, { bodyA: ground, bodyB: arm, anchor: { x: 0, y: 3 } });
for (let i = 0; i < 5; i++) {
  const ball = createBody(world, { type: 'dynamic', position: { x: i - 2, y: 0.5 } });
  addShape(world, ball, i % 2 ? makeCircle(0.4) : makeBox(0.4, 0.4));
}
for (let i = 0; i < 30; i++) stepPhysics(world, 1 / 60);

const hex = (color) => `#${color.toString(16).padStart(6, '0')}`;
const svg = [];
const svgDrawer = {
  drawPolygon(vertices, count, radius, color) {
    const points = [];
    for (let i = 0; i < count; i++) points.push(`${vertices[2 * i]},${vertices[2 * i + 1]}`);
    svg.push(
      `<polygon points="${points.join(' ')}" fill="${hex(color)}" fill-opacity="0.5" stroke="${hex(color)}"` +
        ` stroke-width="0.02"/>`,
    );
  },
  drawCircle(x, y, radius, axisX, axisY, color) {
    svg.push(`<circle cx="${x}" cy="${y}" r="${radius}" fill="${hex(color)}" fill-opacity="0.5"/>`);
    this.drawSegment(x, y, x + axisX * radius, y + axisY * radius, color);
  },
  drawCapsule(x1, y1, x2, y2, radius, color) {
    svg.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${hex(color)}" stroke-width="${2 * radius}"`);
    svg.push(` stroke-linecap="round" stroke-opacity="0.5"/>`);
  },
  drawSegment(x1, y1, x2, y2, color) {
    svg.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${hex(color)}" stroke-width="0.03"/>`);
  },
  drawPoint(x, y, size, color) {
    svg.push(`<circle cx="${x}" cy="${y}" r="0.05" fill="${hex(color)}"/>`);
  },
  drawTransform() {},
  drawAABB(minX, minY, maxX, maxY, color) {
    const box = `x="${minX}" y="${minY}" width="${maxX - minX}" height="${maxY - minY}"`;
    svg.push(`<rect ${box} fill="none" stroke="${hex(color)}" stroke-width="0.02"/>`);
  },
};

debugDraw(world, svgDrawer, { flags: DebugDrawFlag.shapes | DebugDrawFlag.joints | DebugDrawFlag.contacts });
// World y points up, SVG y down: flip it with a transform.
const page =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-7 -5 14 7">' +
  `<g transform="scale(1,-1)">${svg.join('')}</g></svg>`;
const file = join(tmpdir(), 'debug-draw.svg');
writeFileSync(file, page);
console.log(`${svg.length} drawing commands written to ${file}`);
