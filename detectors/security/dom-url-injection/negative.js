// Whoever renders the component chooses `next`: a review looks.
function Continue({ next }) {
  const page = new URLSearchParams(location.search).get("page");
  return (
    <div>
      <a href={next}>continue</a>{/* audit: dom-url-injection */}
      <a href={"/pages/" + page}>page</a>
      <a href="/home">home</a>
    </div>
  );
}

function embed(config) {
  const frame = document.createElement("iframe");
  frame.src = config.widgetUrl; // audit: dom-url-injection
  frame.title = location.hash.slice(1);
  const link = document.createElement("a");
  link.setAttribute("title", document.referrer);
  link.setAttribute("href", "/back?from=" + encodeURIComponent(document.referrer));
  window.location.href = "/login";
}

function Profile() {
  const [params] = useSearchParams();
  return <a href={"/users/" + params.get("id")}>profile</a>;
}
