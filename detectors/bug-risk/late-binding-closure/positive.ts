export function later(items: string[], callbacks: Array<() => void>) {
  for (var item of items) {
    callbacks.push(function () { // expect: late-binding-closure
      console.log(item);
    });
  }
}
