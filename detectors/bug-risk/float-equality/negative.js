const done = (total) => Math.abs(total - 0.3) < 1e-9 || total === 0;
const opaque = (ior) => ior === 1.5 || ior === 0.25;
