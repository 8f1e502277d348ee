const _ = require("lodash");
function update(req, settings) {
  _.merge(settings, _.pick(req.body, ["theme"]));
  _.merge(settings, { theme: "dark" });
}
function fill(req, grid, row, col) {
  grid[row][col] = req.body.value;
  grid[0][1] = req.body.value;
}
