function api(x) {
  return x + 1;
}

function onClick() {
  api(1);
}

document.addEventListener("click", onClick);
module.exports = { api };
