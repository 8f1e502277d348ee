export function show(el: HTMLElement, name: string): void {
  el.innerHTML = "";
  el.textContent = name;
}

export function fromQuery(el: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  el.textContent = params.get("q")!;
  el.innerHTML = "<b>fixed</b>" as string;
}

export class CommentView {
  constructor(private sanitizer: DomSanitizer, private comment: string) {}
  get banner(): SafeHtml {
    return this.sanitizer.bypassSecurityTrustHtml("<b>Saved</b>");
  }
  get body(): SafeHtml {
    return this.sanitizer.bypassSecurityTrustHtml(DOMPurify.sanitize(this.comment));
  }
  get escaped(): string | null {
    return this.sanitizer.sanitize(SecurityContext.HTML, this.comment);
  }
}
