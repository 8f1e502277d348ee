function setPath(obj: any, path: string, value: unknown) {
  const keys = path.split(".");
  const last = keys.pop();
  for (const key of keys) {
    obj = obj[key] || (obj[key] = {});
  }
  obj[last] = value; // expect: prototype-pollution-path
}

function set(obj: any, props: any, value: unknown) {
  props = props.split(".");
  var lastProp = props.pop();
  var thisProp;
  while ((thisProp = props.shift())) {
    if (typeof obj[thisProp] == "undefined") {
      obj[thisProp] = {};
    }
    obj = obj[thisProp];
  }
  obj[lastProp] = value; // expect: prototype-pollution-path
}

function configure(this: any, name: string, value: unknown) {
  let config = this.config;
  const parts = name.split(".");
  parts.forEach((item, index) => {
    if (index === parts.length - 1) {
      config[item] = value; // expect: prototype-pollution-path
    } else {
      config = config[item];
    }
  });
}
export { setPath, set, configure };
