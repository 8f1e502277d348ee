function show(el, name) {
  el.innerHTML = "";
  el.innerHTML = `<b>static</b>`;
  el.textContent = name;
  document.write("<p>loading</p>");
  el.insertAdjacentHTML("beforeend", "<hr>");
}

function Comment({ body }) {
  return <div>{body}</div>;
}
function showName(name) {
  $("#greeting").text("Hello " + name);
  $("#static").html("<b>Hello</b>");
  return $("#greeting").html();
}
