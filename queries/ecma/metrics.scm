[(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
 (switch_case) (catch_clause) (ternary_expression)] @metric.branch
(binary_expression operator: ["&&" "||" "??"]) @metric.branch
[(if_statement) (for_statement) (for_in_statement) (while_statement) (do_statement)
 (switch_statement) (try_statement)] @metric.nesting
(else_clause (if_statement) @metric.flat)
[(arrow_function) (function_expression) (generator_function)] @metric.closure
