(class_definition name: (identifier) @name superclasses: (argument_list [(identifier) (attribute)] @inherit.base))
