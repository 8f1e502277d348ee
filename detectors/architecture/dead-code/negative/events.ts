export function api(x: number): number {
  return x + 1;
}

function onClick(): void {
  api(1);
}

document.addEventListener("click", onClick);

export const shape = {
  area(this: { w: number; h: number }): number {
    return this.w * this.h;
  },
  get kind(): string {
    return "shape";
  },
};
