(class_declaration name: (_) @name (class_heritage [(identifier) (member_expression)] @inherit.base))
