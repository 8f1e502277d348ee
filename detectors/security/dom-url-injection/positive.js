function Continue() {
  const next = new URLSearchParams(location.search).get("next");
  return <a href={next}>continue</a>; // expect: dom-url-injection
}

function embed() {
  const frame = document.createElement("iframe");
  frame.src = location.hash.slice(1); // expect: dom-url-injection
  const link = document.createElement("a");
  link.setAttribute("href", document.referrer); // expect: dom-url-injection
}

window.addEventListener("message", (e) => {
  const s = document.createElement("script");
  s.src = e.data.lib; // expect: dom-url-injection
});

function Continue() {
  const [params] = useSearchParams();
  return <a href={params.get("next")}>continue</a>; // expect: dom-url-injection
}

function Avatar() {
  const { picture } = useParams();
  return <iframe src={picture} />; // expect: dom-url-injection
}
