((call_expression function: (identifier) @name) @reference.call (#not-eq? @name "require"))
; `super(...)`: the base class's constructor.
(call_expression function: (super) @name) @reference.call
(call_expression function: (member_expression object: (_) @call.receiver property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.new
(new_expression constructor: (member_expression object: (_) @call.receiver property: (property_identifier) @name)) @reference.new
