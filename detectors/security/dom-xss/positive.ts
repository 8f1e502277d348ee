declare const $: (input: string) => { addClass(name: string): void; html(markup: string): void };

export function highlight(): void {
  const target: string = decodeURIComponent(location.hash.slice(1));
  $(target).addClass("active"); // expect: dom-xss
}

export async function preview(): Promise<void> {
  const res = await fetch("/api/preview");
  const body = await res.json();
  $("#preview").html(body.markup); // expect: dom-xss
}
