(call function: (identifier) @name) @reference.call
(call function: (attribute object: (_) @call.receiver attribute: (identifier) @name)) @reference.call
