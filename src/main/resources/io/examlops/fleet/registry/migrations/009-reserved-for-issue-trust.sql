-- Version 9 is issue-trust's migration; this placeholder keeps the numbering of the branch that
-- adds version 10 and is dropped when the two branches are merged (their 009 takes its place).
SELECT 1;
