(class_declaration name: (_) @name (class_heritage [(identifier) (member_expression)] @inherit.base))
; ES5: `Child.prototype = Object.create(Parent.prototype)` and Node's
; `util.inherits(Child, Parent)` make `Child` (a class once its prototype has methods)
; inherit `Parent`.
(assignment_expression
  left: (member_expression object: (identifier) @name property: (property_identifier) @_proto)
  right: (call_expression
    function: (member_expression object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . (member_expression object: (identifier) @inherit.base property: (property_identifier) @_base_proto)))
  (#eq? @_proto "prototype")
  (#eq? @_object "Object")
  (#eq? @_create "create")
  (#eq? @_base_proto "prototype"))
(call_expression
  function: [(identifier) @_inherits (member_expression property: (property_identifier) @_inherits)]
  arguments: (arguments . (identifier) @name . (identifier) @inherit.base .)
  (#eq? @_inherits "inherits"))
