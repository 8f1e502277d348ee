export function show(el: HTMLElement, name: string): void {
  el.innerHTML = `<b>${name}</b>`; // expect: xss-sink
  el.outerHTML = name; // expect: xss-sink
}

export function fromQuery(el: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  el.innerHTML = params.get("q")!; // expect: xss-sink
  el.outerHTML = params.get("r") as string; // expect: xss-sink
}

// Angular: the sanitizer is told to trust a value that is not a constant.
export class CommentView {
  constructor(private sanitizer: DomSanitizer, private comment: string) {}
  get body(): SafeHtml {
    return this.sanitizer.bypassSecurityTrustHtml(this.comment); // expect: xss-sink
  }
  get link(): SafeUrl {
    return this.sanitizer.bypassSecurityTrustUrl(`javascript:${this.comment}`); // expect: xss-sink
  }
  get raw(): string | null {
    return this.sanitizer.sanitize(SecurityContext.NONE, this.comment); // expect: xss-sink
  }
}
