const _ = require("lodash");
function update(req, settings) {
  _.merge(settings, _.pick(req.body, ["theme"]));
  _.merge(settings, { theme: "dark" });
}
