export function later(items: string[], run: (f: () => void) => void) {
  for (var item of items) {
    run(function () { // expect: late-binding-closure
      console.log(item);
    });
  }
}
