function show(el, name) {
  el.innerHTML = "";
  frame.srcdoc = "<p>static</p>";
  el.innerHTML = `<b>static</b>`;
  el.textContent = name;
  document.write("<p>loading</p>");
  el.insertAdjacentHTML("beforeend", "<hr>");
}

function Comment({ body }) {
  return <div>{body}</div>;
}

function Cleaned({ body }) {
  return <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(body) }} />;
}

function Banner() {
  return <div dangerouslySetInnerHTML={{ __html: "<b>Welcome</b>" }} />;
}

function Notice() {
  const notice = "<b>Closed on Sunday</b>";
  return <div dangerouslySetInnerHTML={{ __html: notice }} />;
}
function showName(name) {
  $("#greeting").text("Hello " + name);
  $("#static").html("<b>Hello</b>");
  return $("#greeting").html();
}
function page(title) {
  return Response.html(`<title>${Html.escape(title)}</title>`);
}
function renumber(row, count) {
  // Markup read back from the page and written again is no new input.
  $(row).html($(row).html().replace(/#\d+/g, "#" + count));
}
function appendRow(table) {
  table.innerHTML += "<tr><td></td></tr>";
}

function constantMarkup(el) {
  const banner = "<div class='note'>Saved</div>";
  el.innerHTML = banner;
  document.write(banner);
}

function fixedFragment(range) {
  const markup = "<li>Saved</li>";
  return range.createContextualFragment(markup);
}
// react-markdown leaves the HTML in markdown as text unless told otherwise.
function Post({ markdown }) {
  return <ReactMarkdown children={markdown} />;
}
function OldPost({ markdown }) {
  return <ReactMarkdown escapeHtml={true} source={markdown} allowDangerousHtml={false} />;
}
function SafePost({ markdown }) {
  return <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{markdown}</ReactMarkdown>;
}
