; Shared by JavaScript and TypeScript: only node kinds both grammars have.
[(function_declaration name: (identifier) @name) (generator_function_declaration name: (identifier) @name)] @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.function
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
; CommonJS: exports.f = function () {} / module.exports.f = () => {}
(assignment_expression
  left: (member_expression object: [(identifier) (member_expression)] @_obj property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]
  (#match? @_obj "^(module\\.)?exports$")) @definition.function
; ES5 classes: `Shape.prototype.area = function () {}` is a method of `Shape`, and
; `Shape.create = function () {}` a static one. The statement is the method's `impl`;
; the extractor keeps it only where the file declares `Shape` (a constructor function
; then is a class): `window.onload = function` and `exports.f = …` are no methods.
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression object: (identifier) @name property: (property_identifier) @_proto)
      property: (property_identifier))
    right: [(arrow_function) (function_expression)])
  (#eq? @_proto "prototype")) @definition.impl
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @name property: (property_identifier))
    right: [(arrow_function) (function_expression)])) @definition.impl
(assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]
  (#eq? @_proto "prototype")) @definition.function
(assignment_expression
  left: (member_expression object: (identifier) property: (property_identifier) @name)
  right: [(arrow_function) (function_expression)]) @definition.function
; ES5 classes given a whole prototype: `Shape.prototype = { area: function () {}, … }` and
; `Object.assign(Shape.prototype, { … })`; the object's functions are its methods.
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @name property: (property_identifier) @_proto)
    right: (object))
  (#eq? @_proto "prototype")) @definition.impl
(expression_statement
  (call_expression
    function: (member_expression object: (identifier) @_object property: (property_identifier) @_assign)
    arguments: (arguments
      . (member_expression object: (identifier) @name property: (property_identifier) @_proto)
      (object)))
  (#eq? @_object "Object")
  (#eq? @_assign "assign")
  (#eq? @_proto "prototype")) @definition.impl
(assignment_expression
  left: (member_expression property: (property_identifier) @_proto)
  right: (object
    (pair key: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.function)
  (#eq? @_proto "prototype"))
(call_expression
  function: (member_expression object: (identifier) @_object property: (property_identifier) @_assign)
  arguments: (arguments
    . (member_expression property: (property_identifier) @_proto)
    (object
      (pair key: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.function))
  (#eq? @_object "Object")
  (#eq? @_assign "assign")
  (#eq? @_proto "prototype"))
; A named function expression handed on is a function of its own, as in a stack trace:
; `return function jsonParser(req, res) {…}`, `app.use(function logger(req, res, next) {…})`,
; `(function wrapper() {…})()`, `module.exports = function createApplication() {…}`. One
; bound to a name or a property is that binding's definition, above.
(return_statement (function_expression name: (identifier) @name) @definition.function)
(arguments (function_expression name: (identifier) @name) @definition.function)
(parenthesized_expression (function_expression name: (identifier) @name) @definition.function)
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (function_expression name: (identifier) @name) @definition.function
  (#eq? @_module "module")
  (#eq? @_exports "exports"))
