type Env = Record<string, string | undefined>;
export declare function publicEnvProblems(env: Env): string[];
export declare function buildEnv(env?: Env): { publicEnv: { NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: string }; typesChecked: boolean };
export declare function isProductionBuild(env?: Env): boolean;
