export function f() {
  return 1;
}

export class Curve {
  constructor(x = 0) {
    /**
     * The x position.
     *
     * @type {number}
     */
    this.x = x;
  }
}
