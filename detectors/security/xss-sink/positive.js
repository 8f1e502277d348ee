function show(el, name) {
  el.innerHTML = `<b>${name}</b>`; // expect: xss-sink
  el.outerHTML = "<p>" + name + "</p>"; // expect: xss-sink
  frame.srcdoc = name; // expect: xss-sink
  document.write(location.hash); // expect: xss-sink
  el.insertAdjacentHTML("beforeend", name); // expect: xss-sink
}

function Comment({ body }) {
  return <div dangerouslySetInnerHTML={{ __html: body }} />; // expect: xss-sink
}

function Rendered({ markup }) {
  return <div dangerouslySetInnerHTML={markup} />; // expect: xss-sink
}
function showName(name) {
  $("#greeting").html("Hello " + name); // expect: xss-sink
}
function appendRow(table, cells) {
  table.innerHTML += cells; // expect: xss-sink
}

function changingMarkup(el, note) {
  let banner = "<div class='note'>Saved</div>";
  banner = note;
  el.innerHTML = banner; // expect: xss-sink
}

function fragmentOf(range, markup) {
  return range.createContextualFragment(markup); // expect: xss-sink
}
function Post({ markdown }) {
  return <ReactMarkdown allowDangerousHtml children={markdown} />; // expect: xss-sink
}
function OldPost({ markdown }) {
  return <ReactMarkdown escapeHtml={false} source={markdown} />; // expect: xss-sink
}
function RawPost({ markdown }) {
  return <ReactMarkdown rehypePlugins={[rehypeRaw]}>{markdown}</ReactMarkdown>; // expect: xss-sink
}
