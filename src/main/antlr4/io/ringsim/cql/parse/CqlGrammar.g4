// The CQL that ringsim understands: Cassandra 4's statements for keyspaces, tables, indexes, writes and reads.
// Token names follow Cassandra's own grammar (K_SELECT, K_FROM, ...) so that syntax errors read like Cassandra's.
grammar CqlGrammar;

options { caseInsensitive = true; }

script : statement? (SEMI+ statement)* SEMI* EOF ;
single : statement SEMI* EOF ;

statement
  : createKeyspace | alterKeyspace | dropKeyspace | useStatement
  | createTable | dropTable | truncateTable | alterTable
  | createIndex | dropIndex | createType | alterType | dropType | describe
  | createView | alterView | dropView
  | insertStatement | updateStatement | deleteStatement | batchStatement | selectStatement
  | createFunction | dropFunction | createAggregate | dropAggregate
  | grantPermissions | revokePermissions | listPermissions | createUser | alterUser | dropUser | listUsers
  | createTrigger | dropTrigger | createRole | alterRole | dropRole | listRoles | grantRole | revokeRole
  ;

// ---------------------------------------------------------------- schema

createKeyspace : K_CREATE K_KEYSPACE (K_IF K_NOT K_EXISTS)? ident K_WITH keyspaceOption (K_AND keyspaceOption)* ;
alterKeyspace : K_ALTER K_KEYSPACE ident K_WITH keyspaceOption (K_AND keyspaceOption)* ;
keyspaceOption : ident EQ term ;
dropKeyspace : K_DROP K_KEYSPACE (K_IF K_EXISTS)? ident ;
// Cassandra's keyspaceName takes a marker only to refuse it with its own message.
useStatement : K_USE (ident | QMARK) ;

createTable : K_CREATE (K_TABLE | K_COLUMNFAMILY) (K_IF K_NOT K_EXISTS)? tableName
              LPAREN tableElement (COMMA tableElement?)* RPAREN (K_WITH tableOption (K_AND tableOption)*)? ;
tableElement
  : ident cqlType K_STATIC? (K_PRIMARY K_KEY)?            # columnDefinition
  | K_PRIMARY K_KEY LPAREN partitionKey (COMMA ident)* RPAREN  # primaryKeyDefinition
  ;
partitionKey : ident | LPAREN ident (COMMA ident)* RPAREN ;
tableOption
  : K_CLUSTERING K_ORDER K_BY LPAREN clusteringOrder (COMMA clusteringOrder)* RPAREN  # clusteringOrderOption
  | K_COMPACT K_STORAGE                                                              # compactStorageOption
  | ident EQ term                                                                    # propertyOption
  ;
clusteringOrder : ident (K_ASC | K_DESC) ;

dropTable : K_DROP (K_TABLE | K_COLUMNFAMILY) (K_IF K_EXISTS)? tableName ;
truncateTable : K_TRUNCATE (K_TABLE | K_COLUMNFAMILY)? tableName ;
alterTable
  : K_ALTER (K_TABLE | K_COLUMNFAMILY) tableIf=ifExists? tableName K_ADD columnIf=ifNotExists? (addColumn | LPAREN addColumn (COMMA addColumn)* RPAREN)  # alterAdd
  | K_ALTER (K_TABLE | K_COLUMNFAMILY) tableName K_DROP K_COMPACT K_STORAGE  # alterDropCompactStorage
  | K_ALTER (K_TABLE | K_COLUMNFAMILY) tableIf=ifExists? tableName K_DROP columnIf=ifExists? (ident | LPAREN ident (COMMA ident)* RPAREN) (K_USING K_TIMESTAMP INTEGER)?  # alterDrop
  | K_ALTER (K_TABLE | K_COLUMNFAMILY) tableIf=ifExists? tableName K_WITH tableOption (K_AND tableOption)*                                           # alterWith
  | K_ALTER (K_TABLE | K_COLUMNFAMILY) tableIf=ifExists? tableName K_RENAME columnIf=ifExists? ident K_TO ident (K_AND ident K_TO ident)*   # alterRename
  | K_ALTER (K_TABLE | K_COLUMNFAMILY) tableIf=ifExists? tableName K_ALTER ident K_TYPE cqlType                          # alterColumnType
  ;
ifExists : K_IF K_EXISTS ;
ifNotExists : K_IF K_NOT K_EXISTS ;
addColumn : ident cqlType K_STATIC? ;

createIndex : K_CREATE K_CUSTOM? K_INDEX (K_IF K_NOT K_EXISTS)? ident? K_ON tableName LPAREN indexTarget RPAREN
              (K_USING indexClass=STRING)? (K_WITH K_OPTIONS EQ term)? ;
indexTarget : ident | (K_KEYS | K_VALUES | K_ENTRIES | K_FULL) LPAREN ident RPAREN ;
dropIndex : K_DROP K_INDEX (K_IF K_EXISTS)? tableName ;

// Materialized views (Cassandra's CreateViewStatement, AlterViewStatement, DropViewStatement).
createView : K_CREATE K_MATERIALIZED K_VIEW (K_IF K_NOT K_EXISTS)? tableName K_AS K_SELECT selectClause
             K_FROM tableName (K_WHERE relation (K_AND relation)*)?
             K_PRIMARY K_KEY LPAREN partitionKey (COMMA ident)* RPAREN (K_WITH tableOption (K_AND tableOption)*)? ;
alterView : K_ALTER K_MATERIALIZED K_VIEW (K_IF K_EXISTS)? tableName K_WITH tableOption (K_AND tableOption)* ;
dropView : K_DROP K_MATERIALIZED K_VIEW (K_IF K_EXISTS)? tableName ;

// User-defined functions and aggregates (Cassandra's CreateFunctionStatement, CreateAggregateStatement, ...).
createFunction
  : K_CREATE (K_OR K_REPLACE)? K_FUNCTION (K_IF K_NOT K_EXISTS)? functionRef
    LPAREN (functionArg (COMMA functionArg)*)? RPAREN
    (K_CALLED | K_RETURNS K_NULL) K_ON K_NULL K_INPUT K_RETURNS cqlType K_LANGUAGE ident K_AS STRING ;
functionArg : ident cqlType ;
// As Cassandra's allowedFunctionName: a function may be named token (count is an unreserved keyword already).
functionRef : (ident DOT)? (ident | K_TOKEN) ;
dropFunction : K_DROP K_FUNCTION (K_IF K_EXISTS)? functionRef (LPAREN (cqlType (COMMA cqlType)*)? RPAREN)? ;
createAggregate
  : K_CREATE (K_OR K_REPLACE)? K_AGGREGATE (K_IF K_NOT K_EXISTS)? functionRef
    LPAREN (cqlType (COMMA cqlType)*)? RPAREN
    K_SFUNC ident K_STYPE cqlType (K_FINALFUNC ident)? (K_INITCOND term)? ;
dropAggregate : K_DROP K_AGGREGATE (K_IF K_EXISTS)? functionRef (LPAREN (cqlType (COMMA cqlType)*)? RPAREN)? ;

// User-defined types, per keyspace (Cassandra's CreateTypeStatement, AlterTypeStatement, DropTypeStatement).
createType : K_CREATE K_TYPE (K_IF K_NOT K_EXISTS)? tableName LPAREN typeField (COMMA typeField)* COMMA? RPAREN ;
typeField : ident cqlType ;
alterType
  : K_ALTER K_TYPE typeIf=ifExists? tableName K_ADD fieldIf=ifNotExists? ident cqlType                            # alterTypeAdd
  | K_ALTER K_TYPE typeIf=ifExists? tableName K_RENAME fieldIf=ifExists? ident K_TO ident (K_AND ident K_TO ident)*  # alterTypeRename
  | K_ALTER K_TYPE typeIf=ifExists? tableName K_ALTER ident K_TYPE cqlType                                          # alterTypeAlter
  ;
dropType : K_DROP K_TYPE (K_IF K_EXISTS)? tableName ;

// Every DESCRIBE may end WITH INTERNALS (an unreserved word, checked by DescribeAst).
describe : describeWhat (K_WITH ident)? ;
describeWhat
  : (K_DESCRIBE | K_DESC) K_KEYSPACES                 # describeKeyspaces
  | (K_DESCRIBE | K_DESC) K_TYPES                     # describeTypes
  | (K_DESCRIBE | K_DESC) K_TYPE tableName            # describeType
  | (K_DESCRIBE | K_DESC) K_TABLES                    # describeTables
  | (K_DESCRIBE | K_DESC) (K_TABLE | K_COLUMNFAMILY) tableName  # describeTable
  | (K_DESCRIBE | K_DESC) K_KEYSPACE ident?           # describeKeyspace
  | (K_DESCRIBE | K_DESC) K_ONLY K_KEYSPACE ident?    # describeOnlyKeyspace
  | (K_DESCRIBE | K_DESC) K_FULL K_KEYSPACE           # describeFullSchema
  | (K_DESCRIBE | K_DESC) K_INDEX tableName           # describeIndex
  | (K_DESCRIBE | K_DESC) K_MATERIALIZED K_VIEW tableName  # describeView
  | (K_DESCRIBE | K_DESC) K_FUNCTION functionRef      # describeFunction
  | (K_DESCRIBE | K_DESC) K_AGGREGATE functionRef     # describeAggregate
  | (K_DESCRIBE | K_DESC) tableName                   # describeAny
  ;

cqlType
  : ident (DOT ident)?                                     # simpleType
  | K_LIST LT cqlType GT                                   # listType
  | K_SET LT cqlType GT                                     # setType
  | K_MAP LT cqlType COMMA cqlType GT                      # mapType
  | K_FROZEN LT cqlType GT                                 # frozenType
  | K_TUPLE LT cqlType (COMMA cqlType)* GT                 # tupleType
  | STRING                                                 # customType
  ;

// ---------------------------------------------------------------- security and triggers

// Roles, users and permissions, as Cassandra 4.1's Parser.g writes them (createRoleStatement ... listPermissionsStatement).
createRole : K_CREATE K_ROLE (K_IF K_NOT K_EXISTS)? roleName (K_WITH roleOption (K_AND roleOption)*)? ;
alterRole : K_ALTER K_ROLE (K_IF K_EXISTS)? roleName (K_WITH roleOption (K_AND roleOption)*)? ;
dropRole : K_DROP K_ROLE (K_IF K_EXISTS)? roleName ;
roleOption
  : K_PASSWORD EQ STRING                                                    # passwordOption
  | K_HASHED K_PASSWORD EQ STRING                                           # hashedPasswordOption
  | K_OPTIONS EQ LBRACE (term COLON term (COMMA term COLON term)*)? RBRACE  # customOptions
  | K_SUPERUSER EQ BOOLEAN                                                  # superuserOption
  | K_LOGIN EQ BOOLEAN                                                      # loginOption
  | K_ACCESS K_TO K_ALL K_DATACENTERS                                       # allDatacentersOption
  | K_ACCESS K_TO K_DATACENTERS LBRACE STRING (COMMA STRING)* RBRACE        # datacentersOption
  ;
// CREATE USER and ALTER USER, kept for compatibility: PASSWORD without '=', SUPERUSER / NOSUPERUSER.
createUser : K_CREATE K_USER (K_IF K_NOT K_EXISTS)? userName (K_WITH userPassword)? (K_SUPERUSER | K_NOSUPERUSER)? ;
alterUser : K_ALTER K_USER (K_IF K_EXISTS)? userName (K_WITH userPassword)? (K_SUPERUSER | K_NOSUPERUSER)? ;
dropUser : K_DROP K_USER (K_IF K_EXISTS)? userName ;
userPassword : K_PASSWORD STRING | K_HASHED K_PASSWORD STRING ;
// A rule of its own, so that a name that is none fails as "no viable alternative", as in Cassandra's grammar.
userName : IDENT | STRING | quotedUserName ;
quotedUserName : QUOTED_NAME ;
listUsers : K_LIST K_USERS ;
listRoles : K_LIST K_ROLES (K_OF roleName)? K_NORECURSIVE? ;
grantRole : K_GRANT roleName K_TO roleName ;
revokeRole : K_REVOKE roleName K_FROM roleName ;
grantPermissions : K_GRANT permissionOrAll K_ON resource K_TO roleName ;
revokePermissions : K_REVOKE permissionOrAll K_ON resource K_FROM roleName ;
listPermissions : K_LIST permissionOrAll (K_ON resource)? (K_OF roleName)? K_NORECURSIVE? ;
permission : K_CREATE | K_ALTER | K_DROP | K_SELECT | K_MODIFY | K_AUTHORIZE | K_DESCRIBE | K_EXECUTE ;
permissionOrAll : K_ALL K_PERMISSIONS? | permission K_PERMISSION? (COMMA permission K_PERMISSION?)* ;
resource
  : K_ALL K_KEYSPACES                                   # allKeyspacesResource
  | K_KEYSPACE ident                                    # keyspaceResource
  | (K_TABLE | K_COLUMNFAMILY)? tableName               # tableResource
  | K_ALL K_TABLES K_IN K_KEYSPACE ident                # allTablesResource
  | K_ALL K_ROLES                                       # allRolesResource
  | K_ROLE roleName                                     # roleResource
  | K_ALL K_FUNCTIONS (K_IN K_KEYSPACE ident)?          # allFunctionsResource
  | K_FUNCTION functionRef LPAREN (cqlType (COMMA cqlType)*)? RPAREN  # functionResource
  | K_ALL K_MBEANS                                      # allMbeansResource
  | (K_MBEAN | K_MBEANS) STRING                         # mbeanResource
  ;
roleName : IDENT | STRING | QUOTED_NAME | unreservedKeyword | QMARK ;

// Triggers (Cassandra's CreateTriggerStatement, DropTriggerStatement).
// The name is optional here only to answer its absence as Cassandra does: its parser goes on without the name and
// then fails on it (SecurityAst).
createTrigger : K_CREATE K_TRIGGER (K_IF K_NOT K_EXISTS)? ident? K_ON tableName K_USING STRING ;
dropTrigger : K_DROP K_TRIGGER (K_IF K_EXISTS)? ident? K_ON tableName ;

// ---------------------------------------------------------------- writes

insertStatement
  : K_INSERT K_INTO tableName LPAREN ident (COMMA ident)* RPAREN K_VALUES LPAREN term (COMMA term)* RPAREN
    (K_IF K_NOT K_EXISTS)? usingClause?
  | K_INSERT K_INTO tableName K_JSON term (K_DEFAULT (K_NULL | K_UNSET))? (K_IF K_NOT K_EXISTS)? usingClause?
  ;
usingClause : K_USING usingOption (K_AND usingOption)* ;
usingOption : (K_TTL | K_TIMESTAMP) term ;

updateStatement
  : K_UPDATE tableName usingClause? K_SET assignment (COMMA assignment)* K_WHERE whereClause ifClause? ;
assignment
  : ident EQ term                               # setColumn
  | ident EQ ident (PLUS | MINUS) term          # addToColumn
  // `total = total -2` lexes as [total, =, total, -2]: Cassandra's grammar takes that as adding the integer -2.
  | ident EQ ident INTEGER                      # addIntegerToColumn
  | ident EQ term PLUS ident                    # prependToColumn
  | ident (PLUS_EQ | MINUS_EQ) term             # shortAddToColumn
  | ident LBRACKET term RBRACKET EQ term         # setElement
  | ident DOT ident EQ term                     # setField
  ;
// Factored as Cassandra's: its parser predicts EXISTS against a condition after IF, and reports there; what follows a
// column (or a field) is decided after it, so that a wrong token there is reported where it is.
ifClause : K_IF (K_EXISTS | condition (K_AND condition)*) ;
condition
  : ident operator term                                  # simpleCondition
  | ident K_IN (LPAREN (term (COMMA term)*)? RPAREN | marker) # inCondition
  | ident K_CONTAINS K_KEY? term                         # containsCondition
  | ident LBRACKET term RBRACKET operator term           # elementCondition
  | ident LBRACKET term RBRACKET K_IN LPAREN (term (COMMA term)*)? RPAREN # elementInCondition
  | ident DOT ident (operator term | K_IN (LPAREN (term (COMMA term)*)? RPAREN | marker)) # fieldCondition
  ;

deleteStatement
  : K_DELETE (deleteSelection (COMMA deleteSelection)*)? K_FROM tableName
    (K_USING K_TIMESTAMP term)? K_WHERE whereClause ifClause? ;
deleteSelection : ident (LBRACKET term RBRACKET | DOT field=ident)? ;

batchStatement
  : K_BEGIN (K_UNLOGGED | K_COUNTER | K_LOGGED)? K_BATCH usingClause?
    (batchChild SEMI*)* K_APPLY K_BATCH ;
batchChild : insertStatement | updateStatement | deleteStatement ;

// ---------------------------------------------------------------- reads

selectStatement
  : K_SELECT K_JSON? K_DISTINCT? selectClause K_FROM tableName
    (K_WHERE whereClause)?
    (K_GROUP K_BY ident (COMMA ident)*)?
    (K_ORDER K_BY ordering (COMMA ordering)*)?
    (K_PER K_PARTITION K_LIMIT term)?
    (K_LIMIT term)?
    (K_ALLOW K_FILTERING)? ;
selectClause : STAR | selector (COMMA selector)* ;
selector : unaliasedSelector (K_AS ident)? ;
// Arithmetic as Cassandra 4.1's selectionAddition / selectionMultiplication / selectionGroup: unary minus binds
// tightest, then * / %, then + -, each left to right.
unaliasedSelector
  : MINUS unaliasedSelector                                          # negationSelector
  | unaliasedSelector op=(STAR | SLASH | PERCENT) unaliasedSelector  # multiplicationSelector
  | unaliasedSelector op=(PLUS | MINUS) unaliasedSelector            # additionSelector
  | selectorAtom                                                     # atomSelector
  ;
selectorAtom
  : K_COUNT LPAREN (STAR | INTEGER) RPAREN               # countStar
  | K_CAST LPAREN unaliasedSelector K_AS cqlType RPAREN  # castSelector
  | functionName LPAREN (unaliasedSelector (COMMA unaliasedSelector)*)? RPAREN  # functionSelector
  // A type hint binds tighter than a field, element or slice after it: (frozen<addr>){...}.street is the hinted
  // value's field, as in Cassandra 4.1's selectionTypeHint over selectionGroupWithoutField.
  | LPAREN cqlType RPAREN selectorAtom                   # typeHintSelector
  | selectorAtom LBRACKET term RBRACKET                  # elementSelector
  | selectorAtom DOT ident                               # fieldSelector
  | selectorAtom LBRACKET from=term? DOTDOT to=term? RBRACKET  # sliceSelector
  | LPAREN unaliasedSelector RPAREN                      # parenthesizedSelector
  | LPAREN unaliasedSelector (COMMA unaliasedSelector)+ RPAREN  # tupleSelector
  | LBRACKET (unaliasedSelector (COMMA unaliasedSelector)*)? RBRACKET  # listSelector
  | LBRACE RBRACE                                        # emptyBracesSelector
  | LBRACE unaliasedSelector COLON unaliasedSelector (COMMA unaliasedSelector COLON unaliasedSelector)* RBRACE  # mapOrUdtSelector
  | LBRACE unaliasedSelector (COMMA unaliasedSelector)* RBRACE  # setSelector
  | constant                                             # constantSelector
  | marker                                               # markerSelector
  | ident                                                # columnSelector
  ;
functionName : (ident DOT)? (ident | K_TOKEN) ;
ordering : ident (K_ASC | K_DESC)? ;

whereClause : relation (K_AND relation)* ;
relation
  : ident operator term                                                  # singleRelation
  | ident K_IN LPAREN (term (COMMA term)*)? RPAREN                       # inRelation
  | ident K_IN marker                                                    # inMarkerRelation
  | ident K_CONTAINS K_KEY? term                                         # containsRelation
  | ident K_LIKE term                                                    # likeRelation
  | ident LBRACKET term RBRACKET operator term                            # elementRelation
  | K_TOKEN LPAREN ident (COMMA ident)* RPAREN operator term             # tokenRelation
  | LPAREN ident (COMMA ident)* RPAREN operator tupleLiteral             # multiColumnRelation
  | LPAREN ident (COMMA ident)* RPAREN operator marker                   # multiColumnMarkerRelation
  | LPAREN ident (COMMA ident)* RPAREN K_IN marker                       # multiColumnInMarkerRelation
  | LPAREN ident (COMMA ident)* RPAREN K_IN LPAREN marker (COMMA marker)* RPAREN  # multiColumnInMarkersRelation
  | LPAREN ident (COMMA ident)* RPAREN K_IN LPAREN (tupleLiteral (COMMA tupleLiteral)*)? RPAREN  # multiColumnInRelation
  | ident K_IS K_NOT K_NULL                                              # isNotNullWhereRelation
  ;
operator : EQ | LT | LTE | GT | GTE | NEQ ;

// ---------------------------------------------------------------- terms

// Arithmetic as Cassandra 4.1's termAddition / termMultiplication / termGroup; a type hint (int) ? applies to the
// simple term after it.
term
  : MINUS term                                         # negationTerm
  | LPAREN cqlType RPAREN term                         # typeHintTerm
  | term op=(STAR | SLASH | PERCENT) term              # multiplicationTerm
  | term op=(PLUS | MINUS) term                        # additionTerm
  | constant                                           # constantTerm
  | LBRACKET (term (COMMA term)*)? RBRACKET            # listLiteral
  | LBRACE (term (COMMA term)*)? RBRACE                # setLiteral
  | LBRACE term COLON term (COMMA term COLON term)* RBRACE  # mapLiteral
  | LBRACE ident COLON term (COMMA ident COLON term)* RBRACE  # userTypeLiteral
  | tupleLiteral                                       # tupleTerm
  // Cassandra 4.1's simpleTerm: CAST(x AS type) is a call of system.castAsType (FunctionCall.Raw.newCast).
  | K_CAST LPAREN term K_AS cqlType RPAREN             # castTerm
  | functionName LPAREN (term (COMMA term)*)? RPAREN   # functionTerm
  | marker                                             # bindMarker
  ;
// A bind marker: positional (?) or named (:name); each gets its index in statement order.
marker : QMARK | COLON ident ;
tupleLiteral : LPAREN term (COMMA term)* RPAREN ;
constant : STRING | INTEGER | FLOAT | HEX | UUID | BOOLEAN | K_NULL | K_NAN | K_INFINITY | MINUS (K_NAN | K_INFINITY) | NEGATIVE_WORD | DURATION ;

tableName : (ident DOT)? ident ;

// Identifiers: unquoted ones (and keywords that Cassandra lets be names) or "quoted".
ident : IDENT | QUOTED_NAME | unreservedKeyword ;
unreservedKeyword
  : K_KEY | K_KEYS | K_VALUES | K_ENTRIES | K_FULL | K_TTL | K_WRITETIME | K_COUNT | K_TIMESTAMP | K_TYPE
  | K_LIST | K_SET | K_MAP | K_FROZEN | K_TUPLE | K_STATIC | K_STORAGE | K_CLUSTERING | K_COMPACT | K_CONTAINS
  | K_DISTINCT | K_JSON | K_KEYSPACES | K_TABLES | K_FILTERING | K_LIKE | K_CUSTOM | K_PER | K_PARTITION
  | K_GROUP | K_COUNTER | K_LOGGED | K_AS | K_EXISTS | K_DEFAULT | K_UNSET | K_CAST | K_TYPES | K_ONLY
  | K_OPTIONS | K_REPLACE | K_FUNCTION | K_FUNCTIONS | K_AGGREGATE | K_AGGREGATES | K_CALLED | K_INPUT | K_RETURNS
  | K_LANGUAGE | K_SFUNC | K_STYPE | K_FINALFUNC | K_INITCOND
  | K_ALL | K_USER | K_USERS | K_ROLE | K_ROLES | K_SUPERUSER | K_NOSUPERUSER | K_LOGIN | K_NOLOGIN | K_PASSWORD
  | K_HASHED | K_TRIGGER | K_PERMISSION | K_PERMISSIONS | K_DATACENTERS | K_ACCESS | K_MBEAN | K_MBEANS
  ;

// ---------------------------------------------------------------- lexer

K_SELECT : 'select' ; K_FROM : 'from' ; K_WHERE : 'where' ; K_AND : 'and' ; K_INSERT : 'insert' ;
K_INTO : 'into' ; K_VALUES : 'values' ; K_UPDATE : 'update' ; K_SET : 'set' ; K_DELETE : 'delete' ;
K_CREATE : 'create' ; K_DROP : 'drop' ; K_ALTER : 'alter' ; K_TABLE : 'table' ; K_COLUMNFAMILY : 'columnfamily' ;
K_KEYSPACE : 'keyspace' | 'schema' ; K_KEYSPACES : 'keyspaces' ; K_TABLES : 'tables' | 'columnfamilies' ; K_USE : 'use' ;
K_TRUNCATE : 'truncate' ; K_IF : 'if' ; K_NOT : 'not' ; K_EXISTS : 'exists' ; K_WITH : 'with' ;
K_PRIMARY : 'primary' ; K_KEY : 'key' ; K_KEYS : 'keys' ; K_ENTRIES : 'entries' ; K_FULL : 'full' ;
K_STATIC : 'static' ; K_CLUSTERING : 'clustering' ; K_ORDER : 'order' ; K_BY : 'by' ; K_ASC : 'asc' ;
K_DESC : 'desc' ; K_DESCRIBE : 'describe' ; K_COMPACT : 'compact' ; K_STORAGE : 'storage' ; K_INDEX : 'index' ;
K_CUSTOM : 'custom' ; K_ON : 'on' ; K_ADD : 'add' ; K_USING : 'using' ; K_TTL : 'ttl' ; K_TIMESTAMP : 'timestamp' ;
K_BEGIN : 'begin' ; K_BATCH : 'batch' ; K_APPLY : 'apply' ; K_UNLOGGED : 'unlogged' ; K_LOGGED : 'logged' ;
K_COUNTER : 'counter' ; K_LIMIT : 'limit' ; K_PER : 'per' ; K_PARTITION : 'partition' ; K_ALLOW : 'allow' ;
K_FILTERING : 'filtering' ; K_IN : 'in' ; K_CONTAINS : 'contains' ; K_LIKE : 'like' ; K_TOKEN : 'token' ;
K_WRITETIME : 'writetime' ; K_COUNT : 'count' ; K_AS : 'as' ; K_DISTINCT : 'distinct' ; K_JSON : 'json' ;
K_GROUP : 'group' ; K_NULL : 'null' ; K_LIST : 'list' ; K_MAP : 'map' ; K_FROZEN : 'frozen' ; K_TUPLE : 'tuple' ;
K_MATERIALIZED : 'materialized' ; K_VIEW : 'view' ; K_IS : 'is' ;
K_ONLY : 'only' ; K_TYPE : 'type' ; K_TYPES : 'types' ; K_RENAME : 'rename' ; K_TO : 'to' ; K_CAST : 'cast' ; K_NAN : 'nan' ; K_INFINITY : 'infinity' ; K_DEFAULT : 'default' ; K_UNSET : 'unset' ;
K_OPTIONS : 'options' ; K_OR : 'or' ; K_REPLACE : 'replace' ; K_FUNCTION : 'function' ; K_FUNCTIONS : 'functions' ;
K_AGGREGATE : 'aggregate' ; K_AGGREGATES : 'aggregates' ; K_CALLED : 'called' ; K_INPUT : 'input' ;
K_RETURNS : 'returns' ; K_LANGUAGE : 'language' ; K_SFUNC : 'sfunc' ; K_STYPE : 'stype' ; K_FINALFUNC : 'finalfunc' ;
K_INITCOND : 'initcond' ;
K_ALL : 'all' ; K_USER : 'user' ; K_USERS : 'users' ; K_ROLE : 'role' ; K_ROLES : 'roles' ;
K_SUPERUSER : 'superuser' ; K_NOSUPERUSER : 'nosuperuser' ; K_LOGIN : 'login' ; K_NOLOGIN : 'nologin' ;
K_PASSWORD : 'password' ; K_HASHED : 'hashed' ; K_TRIGGER : 'trigger' ; K_PERMISSION : 'permission' ;
K_PERMISSIONS : 'permissions' ; K_DATACENTERS : 'datacenters' ; K_ACCESS : 'access' ; K_MBEAN : 'mbean' ;
K_MBEANS : 'mbeans' ; K_GRANT : 'grant' ; K_REVOKE : 'revoke' ; K_MODIFY : 'modify' ; K_AUTHORIZE : 'authorize' ;
K_EXECUTE : 'execute' ; K_NORECURSIVE : 'norecursive' ; K_OF : 'of' ;

BOOLEAN : 'true' | 'false' ;
UUID : HEXD HEXD HEXD HEXD HEXD HEXD HEXD HEXD '-' HEXD HEXD HEXD HEXD '-' HEXD HEXD HEXD HEXD '-' HEXD HEXD HEXD HEXD '-'
       HEXD HEXD HEXD HEXD HEXD HEXD HEXD HEXD HEXD HEXD HEXD HEXD ;
HEX : '0x' HEXD* ;
// Cassandra's duration literals: 1h30m, ISO 8601 P1Y2M3DT4H5M6S and P2W, and P0001-02-03T04:05:06. An ISO form has at
// least one designator, so that names such as p and pt stay identifiers.
// The unit forms' letters are case-insensitive, as Cassandra's; its ISO forms' designators are upper case only (P1y2D
// is a syntax error there).
DURATION
  : '-'? [0-9]+ DURATION_UNIT ([0-9]+ DURATION_UNIT)*
  ;
DURATION_ISO options { caseInsensitive = false; }
  : ( '-'? 'P' ISO_DATE ('T' ISO_TIME)?
    | '-'? 'PT' ISO_TIME
    | '-'? 'P' [0-9]+ 'W'
    | '-'? 'P' [0-9] [0-9] [0-9] [0-9] '-' [0-9] [0-9] '-' [0-9] [0-9] 'T' [0-9] [0-9] ':' [0-9] [0-9] ':' [0-9] [0-9]
    ) -> type(DURATION)
  ;
fragment DURATION_UNIT : 'y' | 'mo' | 'w' | 'd' | 'h' | 'm' | 's' | 'ms' | 'us' | 'µs' | 'ns' ;
fragment ISO_DATE options { caseInsensitive = false; } : [0-9]+ 'Y' ([0-9]+ 'M')? ([0-9]+ 'D')? | [0-9]+ 'M' ([0-9]+ 'D')? | [0-9]+ 'D' ;
fragment ISO_TIME options { caseInsensitive = false; } : [0-9]+ 'H' ([0-9]+ 'M')? ([0-9]+ 'S')? | [0-9]+ 'M' ([0-9]+ 'S')? | [0-9]+ 'S' ;
// Cassandra's lexer takes '-' right before an i or an n as the start of -Infinity or -NaN, so -i is an error there
// and - i a negation: CqlParser refuses any such word other than -infinity and -nan, as Cassandra does.
NEGATIVE_WORD : '-' [in] [a-z0-9_]* ;
// As Cassandra's lexer: '1..3' is the integer 1 and a range, '0...3.' the float '0.' and a range.
FLOAT : '-'? [0-9]+ '.' {_input.LA(1) != '.' || _input.LA(2) == '.'}? [0-9]* EXPONENT? | '-'? [0-9]+ EXPONENT ;
fragment EXPONENT : 'e' [+-]? [0-9]+ ;
INTEGER : '-'? [0-9]+ ;
STRING : '\'' ( ~'\'' | '\'\'' )* '\'' | '$$' .*? '$$' ;
IDENT : [a-z] [a-z0-9_]* ;
QUOTED_NAME : '"' ( ~'"' | '""' )+ '"' ;
// As Cassandra's lexer: "" is a token of its own, which no rule takes.
EMPTY_QUOTED_NAME : '""' ;
fragment HEXD : [0-9a-f] ;

SEMI : ';' ; COMMA : ',' ; DOTDOT : '..' ; DOT : '.' ; COLON : ':' ; LPAREN : '(' ; RPAREN : ')' ; LBRACE : '{' ; RBRACE : '}' ;
LBRACKET : '[' ; RBRACKET : ']' ; STAR : '*' ; QMARK : '?' ; PLUS_EQ : '+=' ; MINUS_EQ : '-=' ;
EQ : '=' ; NEQ : '!=' ; LTE : '<=' ; GTE : '>=' ; LT : '<' ; GT : '>' ; PLUS : '+' ; MINUS : '-' ; SLASH : '/' ; PERCENT : '%' ;

LINE_COMMENT : ('--' | '//') ~[\r\n]* -> channel(HIDDEN) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
// Kept on the hidden channel, not skipped: error snippets count and quote them as Cassandra's parser does.
WS : [ \t\r\n]+ -> channel(HIDDEN) ;
