(class_definition name: (identifier) @name superclasses: (argument_list [(identifier) (attribute)] @inherit.base))
(class_definition name: (identifier) @name superclasses: (argument_list (subscript value: [(identifier) (attribute)]) @inherit.base))
