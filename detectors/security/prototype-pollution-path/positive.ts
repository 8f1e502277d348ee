function setPath(obj: any, path: string, value: unknown) {
  const keys = path.split(".");
  const last = keys.pop();
  for (const key of keys) {
    obj = obj[key] || (obj[key] = {}); // expect: prototype-pollution-path
  }
  obj[last] = value;
}

function set(obj: any, props: any, value: unknown) {
  props = props.split(".");
  var lastProp = props.pop();
  var thisProp;
  while ((thisProp = props.shift())) {
    if (typeof obj[thisProp] == "undefined") {
      obj[thisProp] = {};
    }
    obj = obj[thisProp]; // expect: prototype-pollution-path
  }
  obj[lastProp] = value;
}

function configure(this: any, name: string, value: unknown) {
  let config = this.config;
  const parts = name.split(".");
  parts.forEach((item, index) => {
    if (index === parts.length - 1) {
      config[item] = value;
    } else {
      config = config[item]; // expect: prototype-pollution-path
    }
  });
}
export { setPath, set, configure };
