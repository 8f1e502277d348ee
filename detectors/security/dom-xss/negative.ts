declare const $: (input: string) => { addClass(name: string): void; text(value: string): void };

export function highlight(): void {
  const id: string = location.hash.slice(1);
  $("#" + id).addClass("active");
  $("#status").text(decodeURIComponent(location.search));
}
