[(if_expression) (for_expression) (while_expression) (loop_expression) (match_arm) (try_expression)] @metric.branch
(binary_expression operator: ["&&" "||"]) @metric.branch
[(if_expression) (for_expression) (while_expression) (loop_expression) (match_expression)] @metric.nesting
(else_clause (if_expression) @metric.flat)
(closure_expression) @metric.closure
